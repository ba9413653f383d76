// The cases of a hall's camera (issue 26, `npm run bench -- camera`): how the code screen is held and lit.
import type { Scene } from './scene';
import type { Variant } from './screens';

/** One case: its scene, the tournament whose codes it films, and what its budget asks. */
export interface CameraCase {
	readonly name: string;
	readonly what: string;
	readonly scene: Scene;
	readonly variant: Variant;
	/** 'read': read every run within the budget; 'read-or-hint': read, or the scanner says what helps. */
	readonly budget: 'read' | 'read-or-hint';
}

/** A director holds the tablet in front of the desk's camera (or a tablet in front of the desk's screen). */
const HELD: Scene = { scale: 0.45, tilt: 0, blur: 0, noise: 4, brightness: 1, glare: 0 };
/** Noise of a camera in a hall's light, in grey levels. */
const NOISY = 10;

export const CASES: readonly CameraCase[] = [
	{ name: 'a', what: 'clean', scene: HELD, variant: 'usual', budget: 'read' },
	{
		name: 'b',
		what: 'a third of the frame, tilted 8°',
		scene: { ...HELD, scale: 1 / 3, tilt: 8 },
		variant: 'usual',
		budget: 'read'
	},
	{
		name: 'c1',
		what: 'blur σ1 + noise',
		scene: { ...HELD, blur: 1, noise: NOISY },
		variant: 'usual',
		budget: 'read'
	},
	{
		name: 'c2',
		what: 'blur σ2 + noise',
		scene: { ...HELD, blur: 2, noise: NOISY },
		variant: 'usual',
		budget: 'read'
	},
	{
		name: 'd',
		what: 'glare on a dimmed screen',
		scene: { ...HELD, brightness: 0.45, glare: 130, noise: 6 },
		variant: 'usual',
		budget: 'read'
	},
	{
		name: 'e',
		what: 'the longest codes (every name 60 characters: the longest sequence)',
		scene: HELD,
		variant: 'longest',
		budget: 'read'
	},
	{
		name: 'g',
		what: 'blur σ3 + noise',
		scene: { ...HELD, blur: 3, noise: NOISY },
		variant: 'usual',
		budget: 'read-or-hint'
	},
	{
		name: 'h',
		what: 'a fifth of the frame',
		scene: { ...HELD, scale: 0.2 },
		variant: 'usual',
		budget: 'read-or-hint'
	}
];

export function cameraCase(name: string): CameraCase {
	const found = CASES.find((each) => each.name === name);
	if (!found) throw new Error(`no camera case ${name}`);
	return found;
}
