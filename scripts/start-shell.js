// The start page's shell, `index.html`: the app shell 200.html that also names the start page's own code
// and styles. On a first visit to / the browser then fetches them together with the app's code, instead of
// learning of them only once the app has started — one round trip less before the first screen on a
// phone's network. Every other path keeps 200.html; once the service worker has stored the app, every
// navigation gets 200.html from it (src/service-worker/index.ts), where nothing waits on the network.

/** The start page's shell, beside 200.html in the build (a static server answers / with it). */
export const START_SHELL = 'index.html';

/**
 * The shell's HTML with a modulepreload link for each of `imports` and a stylesheet link for each of
 * `stylesheets` (paths below the site's root, as SvelteKit's server manifest lists a page's files) that
 * it does not name yet, after its own preloads.
 * @param {string} html
 * @param {readonly string[]} imports
 * @param {readonly string[]} stylesheets
 */
export function startShell(html, imports, stylesheets) {
	const last = html.lastIndexOf('rel="modulepreload">');
	if (last < 0) throw new Error('200.html: no modulepreload link to add the start page after');
	const at = last + 'rel="modulepreload">'.length;
	const named = (/** @type {string} */ path) => html.includes(`href="/${path}"`);
	const links = [
		...[...new Set(imports)]
			.filter((path) => !named(path))
			.map((path) => `<link href="/${path}" rel="modulepreload">`),
		...[...new Set(stylesheets)]
			.filter((path) => !named(path))
			.map((path) => `<link href="/${path}" rel="stylesheet">`)
	];
	return `${html.slice(0, at)}${links.map((link) => `\n\t\t${link}`).join('')}${html.slice(at)}`;
}
