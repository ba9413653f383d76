import { createHash } from 'node:crypto';
import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** The CSP source allowing one exact inline style attribute. */
const styleAttribute = (style) => `sha256-${createHash('sha256').update(style).digest('base64')}`;

/**
 * The app's Content-Security-Policy: nothing inline, nothing evaluated (WebAssembly compiled, which the
 * camera's QR decoder is), nothing from another origin.
 * SvelteKit hashes its inline bootstrap script into a <meta http-equiv="content-security-policy"> in
 * build/200.html; scripts/serve.js sends that policy as a header too, plus `frame-ancestors` (which a meta
 * tag cannot carry).
 *
 * Styles: components' CSS ships as files, and Svelte sets dynamic styles (`style:` directives,
 * `style={…}`) through the CSSOM, which CSP allows. Static inline style attributes are blocked, except
 * the two the app shell needs, allowed by hash: app.html's wrapper and SvelteKit's route announcer.
 * So in a component write a class or a `style:` directive, never a static `style="…"`
 * (tests/e2e/csp.test.ts fails on any violation).
 * @type {import('@sveltejs/kit').Config['kit']['csp']}
 */
const csp = {
	mode: 'hash',
	directives: {
		'default-src': ['self'],
		// 'wasm-unsafe-eval': the QR decoder is WebAssembly (src/lib/exchange/zxing.ts); still no eval().
		'script-src': ['self', 'wasm-unsafe-eval'],
		'style-src': ['self'],
		'style-src-attr': [
			'unsafe-hashes',
			styleAttribute('display: contents'),
			styleAttribute(
				'position: absolute; left: 0; top: 0; clip: rect(0 0 0 0); clip-path: inset(50%); overflow: hidden; white-space: nowrap; width: 1px; height: 1px'
			)
		],
		'img-src': ['self', 'data:', 'blob:'],
		'font-src': ['self'],
		'connect-src': ['self'],
		'worker-src': ['self'],
		'manifest-src': ['self'],
		'media-src': ['self', 'blob:'],
		'object-src': ['none'],
		'base-uri': ['self'],
		'form-action': ['self'],
		'frame-ancestors': ['none']
	}
};

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		// WB_BUILD_DIR: build somewhere else than build/ (the e2e update test builds a second version).
		adapter: adapter({ pages: process.env.WB_BUILD_DIR ?? 'build', fallback: '200.html', strict: true }),
		// The service worker is src/service-worker/index.ts; src/lib/pwa/app-update.state.svelte.ts registers it.
		serviceWorker: { register: false },
		// The app shell's small stylesheets go into 200.html itself (hashed into the CSP): no extra
		// round trip before the first screen shows.
		inlineStyleThreshold: 4096,
		csp
	}
};

export default config;
