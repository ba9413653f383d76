declare module '../domain/result' {
	/** A picture chosen to read a code from. */
	interface ProblemCatalog {
		'image-nothing': object;
		'image-unreadable': object;
	}
}

export {};
