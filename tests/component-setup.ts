import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { loadEnglish } from '../src/lib/i18n/english';

// Component tests switch languages freely: the English that the app loads on demand is there (english.ts).
await loadEnglish();
