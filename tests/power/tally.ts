/** What went wrong, by kind: a confirmed thing gone, a thing stored twice, storage that does not open. */
export type ProblemKind = 'lost' | 'doubled' | 'unopenable';

/** The run's figures: cuts by moment, what was confirmed, and every problem seen after a cut. */
export class Tally {
	cuts = 0;
	/**
	 * Tablet cuts with no tap being written, with one being written, and with one being written while the
	 * screen said „Speichert …“; cuts at the desk.
	 */
	readonly moments = { between: 0, commit: 0, saving: 0, desk: 0 };
	/** Turn entries the tablet's screen showed as saved, each counted once. */
	confirmedTurns = 0;
	/** Results the desk showed as taken. */
	confirmedResults = 0;
	/** Steps the harness took again after a wait of its own ran out (WB_POWER_RETRIES; not the app's failures). */
	retries = 0;
	readonly problems: Record<ProblemKind, number> = { lost: 0, doubled: 0, unopenable: 0 };
	readonly notes: string[] = [];

	problem(kind: ProblemKind, what: string, count = 1): void {
		this.problems[kind] += count;
		const note = `cut ${this.cuts}: ${kind}: ${what}`;
		this.notes.push(note);
		console.log(`  ✗ ${note}`);
	}

	/** The run's last line for `engine`. */
	line(engine: string): string {
		const { lost, doubled, unopenable } = this.problems;
		return (
			`power: ${engine} ${this.cuts} cuts, ${this.confirmedTurns} confirmed turns, ` +
			`${lost} lost, ${doubled} doubled, ${unopenable} unopenable`
		);
	}

	get failed(): boolean {
		return this.problems.lost + this.problems.doubled + this.problems.unopenable > 0;
	}
}

const started = Date.now();

/** With WB_POWER_VERBOSE=1: each step of the run, with the seconds since it started. */
export function trace(what: string): void {
	if (process.env.WB_POWER_VERBOSE)
		console.log(`    [${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);
}
