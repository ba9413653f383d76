import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { loadEnglish } from '../src/lib/i18n/english';

// Component tests switch languages freely: the English that the app loads on demand is there (english.ts).
await loadEnglish();

// jsdom lays nothing out and scrolls nothing: what a screen scrolls into view stays where it is.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
