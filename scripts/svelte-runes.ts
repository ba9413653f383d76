// tsx runs TypeScript without the Svelte compiler, so a `.svelte.ts` module the database loads (its
// connection state, src/lib/db/database-connection.state.svelte.ts) would find no `$state` rune. A script
// needs no reactivity: the rune is a plain value here. Import this module first.
Object.assign(globalThis, { $state: <T>(value: T): T => value });
