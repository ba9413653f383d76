// The only pages that may connect to another origin: publishing, the live standings and the season, each
// to the CouchDB server the user typed in. They are served from `connect.html`, a copy of the app shell
// whose Content-Security-Policy also allows `connect-src` to https servers and to loopback; every other
// page keeps the shell `200.html` and its policy, `connect-src 'self'` (docs/ARCHITECTURE.md, "Publishing").

/** The shell for these pages, next to 200.html in the build. */
export const CONNECT_SHELL = 'connect.html';

/** What those pages may connect to besides their own origin. */
export const CONNECT_SOURCES = ['https:', 'http://localhost:*', 'http://127.0.0.1:*'];

/**
 * Paths of the pages that connect to a server: /live (and its /live/runden, /live/spieler), /saison,
 * /turnier/<id>/veroeffentlichen, with or without a query (the service worker's navigation route tests
 * the path with its query).
 */
export const CONNECT_PAGES =
	/^\/(?:live(?:\/runden|\/spieler)?|saison|turnier\/[^/?]+\/veroeffentlichen)\/?(?:\?.*)?$/;

/**
 * The shell's HTML with `connect-src` widened in its policy <meta> tag.
 * @param {string} html
 */
export function connectShell(html) {
	const widened = html.replace(
		/(<meta http-equiv="content-security-policy" content="[^"]*connect-src (?:'|&#39;)self(?:'|&#39;))/i,
		`$1 ${CONNECT_SOURCES.join(' ')}`
	);
	if (widened === html) throw new Error(`200.html: no connect-src 'self' in the policy <meta> tag`);
	return widened;
}
