import { z } from 'zod/mini';

// zod/mini brings no messages of its own ("Invalid input"). Where a refusal quotes zod's reason — a
// tournament log or an exchange code that does not read — it is in English, as zod's own texts are;
// the table screen, which shows none, does not load them.
z.config(z.locales.en());
