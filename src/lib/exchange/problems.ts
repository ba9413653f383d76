declare module '../domain/problems' {
	/** A picture chosen to read a code from. */
	interface ProblemCatalog {
		'image-nothing': object;
		'image-unreadable': object;
	}
}

export {};
