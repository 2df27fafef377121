import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { FixtureInput, FixtureOutput, FixtureSetup } from './fixtures/job-process-child.js';
import { JOB_PROCESS_PRIORITY } from './job-process-child.js';
import { jobProcess, type JobProcess } from './job-process.js';
import { TEST_CHILD_EXEC_ARGV } from '../../test/children/exec-argv.js';

const ENTRY = new URL('./fixtures/job-process-child.ts', import.meta.url);
const opened: JobProcess<FixtureInput, FixtureOutput>[] = [];

function open(setup: FixtureSetup = { greeting: 'hello' }, idleMs?: number) {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const processes = jobProcess<FixtureSetup, FixtureInput, FixtureOutput>({ entry: ENTRY, execArgv: TEST_CHILD_EXEC_ARGV, setup, log: log as unknown as FastifyBaseLogger, idleMs });
  opened.push(processes);
  return { processes, log };
}
const never = () => new AbortController().signal;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function until(condition: () => boolean, what: string): Promise<void> {
  for (const started = Date.now(); !condition(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() - started > 10_000) throw new Error(`Waited 10 s for ${what}`);
  }
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((p) => p.close()));
});

describe('a job process', () => {
  it('runs with what its setup built, in one child in the idle scheduling class, one run after another', async () => {
    const { processes } = open();
    const first = await processes.run({ echo: 'one' }, never());
    const second = await processes.run({ echo: 'two' }, never());
    expect([first.said, second.said]).toEqual(['hello one', 'hello two']);
    expect(second.pid).toBe(first.pid);
    expect(first.pid).not.toBe(process.pid);
    expect(first.nice).toBe(JOB_PROCESS_PRIORITY);
    expect(first.policy, 'SCHED_IDLE').toBe(5);
  });

  it("answers a run's error with its message, and goes on with the next run", async () => {
    const { processes } = open();
    await expect(processes.run({ fail: 'the mail server is down' }, never())).rejects.toThrow(/the mail server is down/);
    await expect(processes.run({ fail: 'x' }, never())).rejects.toMatchObject({ name: 'RangeError' });
    expect((await processes.run({ echo: 'after' }, never())).said).toBe('hello after');
  });

  it("writes the child's log records to the server's logger", async () => {
    const { processes, log } = open();
    await processes.run({ log: 'why' }, never());
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ detail: 'why', err: expect.objectContaining({ message: 'inside' }) }), 'a warning from the child');
  });

  it('stops a run when its signal is aborted, and kills a child that does not stop in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { processes } = open();
      const pid = (await processes.run({ echo: 'x' }, never())).pid;
      const stop = new AbortController();
      const stopped = processes.run({ waitForAbort: true }, stop.signal);
      stop.abort();
      await expect(stopped).rejects.toThrow(/abort/i);
      expect(alive(pid)).toBe(true);

      const stubborn = new AbortController();
      const killed = processes.run({ waitForAbort: true, ignoreAbort: true }, stubborn.signal);
      const refused = expect(killed).rejects.toThrow(/did not stop its run in time/);
      stubborn.abort();
      await vi.advanceTimersByTimeAsync(10_001);
      await refused;
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails the runs of a child that dies, and starts another for the next run', async () => {
    const { processes } = open();
    const pid = (await processes.run({ echo: 'x' }, never())).pid;
    await expect(processes.run({ exit: 3 }, never())).rejects.toThrow(/ended \(3\)/);
    const next = await processes.run({ echo: 'again' }, never());
    expect(next.said).toBe('hello again');
    expect(next.pid).not.toBe(pid);
  });

  it('fails its runs when the setup fails', async () => {
    const { processes } = open({ greeting: 'x', failSetup: true });
    await expect(processes.run({ echo: 'x' }, never())).rejects.toThrow(/no database here/);
  });

  it('ends an idle child, and ends it on close', async () => {
    const idle = open({ greeting: 'hi' }, 50).processes;
    const pid = (await idle.run({ echo: 'x' }, never())).pid;
    await until(() => !alive(pid), 'the idle child to end');

    const { processes } = open();
    const other = (await processes.run({ echo: 'x' }, never())).pid;
    await processes.close();
    expect(alive(other)).toBe(false);
  });

  it("gives a run that comes while the idle child is ending to a new child, and the old one's end fails nothing", async () => {
    const { processes } = open({ greeting: 'hi' }, 20);
    const first = (await processes.run({ echo: 'x' }, never())).pid;
    // Right as the idle end begins: the old child is disconnecting, not yet gone.
    await new Promise((r) => setTimeout(r, 25));
    const next = await processes.run({ echo: 'y' }, never());
    expect(next.said).toBe('hi y');
    expect(next.pid).not.toBe(first);
  });

  it('takes no run once closed', async () => {
    const { processes } = open();
    await processes.run({ echo: 'x' }, never());
    await processes.close();
    await expect(processes.run({ echo: 'y' }, never())).rejects.toThrow(/closed/);
  });

  it('refuses to serve in a process the server did not fork', async () => {
    const { serveJobProcess } = await import('./job-process-child.js');
    expect(() => serveJobProcess(async () => async () => undefined)).toThrow(/only as the child/);
  });
});
