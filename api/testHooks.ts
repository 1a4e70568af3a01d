// Fault-test hooks for the projections' hand-over (test/projections/handover.test.ts), read only
// with NODE_ENV=test so that no production setting can reach them (as PIZZAKIOSKEN_TEST_CRASH_AFTER
// in api/services/reschedule.ts). They widen on purpose the windows a hand-over must survive:
// - PIZZAKIOSKEN_TEST_COMMIT_DELAY_MS: the leader waits this long before each commit of the read
//   models, so a leader that stops has its last commit still under way;
// - PIZZAKIOSKEN_TEST_FOLLOW_LAG_MS: a follower looks at the leader's head this much less often,
//   so the process that takes the lease over has followed (and dropped its cache) long before.

export interface ProjectionTestDelays {
  commitMs?: number;
  followMs?: number;
}

export function projectionTestDelays(env: NodeJS.ProcessEnv = process.env): ProjectionTestDelays | undefined {
  if (env.NODE_ENV !== 'test') return undefined;
  const ms = (name: string) => {
    const value = Number(env[name] ?? '');
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const delays = { commitMs: ms('PIZZAKIOSKEN_TEST_COMMIT_DELAY_MS'), followMs: ms('PIZZAKIOSKEN_TEST_FOLLOW_LAG_MS') };
  return delays.commitMs || delays.followMs ? delays : undefined;
}
