/**
 * Milliseconds of CPU this test's process spent (user + system) since `start`
 * (`process.cpuUsage()`). A budget on wall time failed on a machine shared with other work (one
 * import bench took 10.6 s of wall time at load 12 on two cores, 0.4 s when quiet); the CPU the
 * code itself burns barely moves with the load, so a budget on it still catches code that got
 * slower. Vitest runs each test file in its own process (the forks pool).
 */
export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
