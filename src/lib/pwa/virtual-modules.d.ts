// Types of the virtual modules that @vite-pwa/sveltekit (vite-plugin-pwa) provides to the app.
/// <reference types="vite-plugin-pwa/vanillajs" />
/// <reference types="vite-plugin-pwa/info" />
