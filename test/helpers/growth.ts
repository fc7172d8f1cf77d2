/**
 * Linear-time checks that do not depend on how fast or busy the machine is: the work is timed at
 * size n and at 4n, and the ratio is compared, not the milliseconds. Linear work gives about 4,
 * quadratic 16; tests ask for at most 6.
 */

/** The fastest of several runs, in ms, after one warm-up: other processes only ever add time. */
export function fastest(f: () => void, runs = 5): number {
  f();
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

/** As `fastest`, for async work (a call to a server). */
export async function fastestAsync(f: () => Promise<unknown>, runs = 3): Promise<number> {
  await f();
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

/**
 * How many times longer `work(make(4n))` takes than `work(make(n))`. Inputs are built outside the
 * timing; n is doubled until the small run takes 2 ms or the input reaches SIZE_MAX, and work
 * faster than that is timed over as many repeats as make 2 ms, so timer resolution cannot hide a
 * quadratic cost behind a tiny base. Inputs stay small (tens to hundreds of KB): at several MB the
 * 4n input leaves the CPU cache and memory speed alone made 4x the bytes of blanks cost 6-8x the
 * time, while a quadratic cost shows at any size. The lowest of up to five measurements is
 * returned: a busy machine can make a ratio high, but quadratic work never measures below ~16.
 */
export function growth<T>(make: (n: number) => T, work: (input: T) => void, n: number): number {
  let small = make(n);
  // The fastest of three: one run slowed by another process must not stop the doubling at a size
  // whose runs are too short to time (a full suite run read 6.09 and 6.16 for blanks and quotes so).
  let once = fastest(() => work(small), 3);
  while (once < 2 && n < SIZE_MAX) {
    n *= 2;
    small = make(n);
    once = fastest(() => work(small), 3);
  }
  const repeats = Math.max(1, Math.ceil(2 / Math.max(once, 0.001)));
  const timed = (input: T) => () => {
    for (let i = 0; i < repeats; i++) work(input);
  };
  const large = make(4 * n);
  let best = Infinity;
  for (let i = 0; i < 5 && best >= 6; i++) best = Math.min(best, fastest(timed(large), 7) / fastest(timed(small), 7));
  return best;
}

/** Largest n the doubling reaches (a unit repeated n times: hundreds of KB at most). */
const SIZE_MAX = 128 * 1024;
