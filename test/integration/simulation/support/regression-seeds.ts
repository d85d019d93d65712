/**
 * Every seed that ever made the simulation fail, with what it found; each is replayed on every
 * run (docs/reliability.md). Add a seed when a run fails, before fixing what it found.
 */
export const REGRESSION_SEEDS: { seed: number; found: string }[] = [];
