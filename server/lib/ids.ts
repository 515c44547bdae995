import { SNOWFLAKE } from '../../shared/constants';

/** 2010-11-04T01:42:54.657Z: ids stay 19 digits long from 2018 to 2080, so they also sort as text. */
export const SNOWFLAKE_EPOCH = 1288834974657n;

const SEQ_MASK = (1n << BigInt(SNOWFLAKE.sequenceBits)) - 1n;
const WORKER_SHIFT = BigInt(SNOWFLAKE.sequenceBits);
const DATACENTER_SHIFT = WORKER_SHIFT + BigInt(SNOWFLAKE.workerBits);
const TIME_SHIFT = DATACENTER_SHIFT + BigInt(SNOWFLAKE.datacenterBits);
const MAX_NODE = (1 << SNOWFLAKE.workerBits) - 1;

/**
 * Snowflake ids (spec 9): 41 bits of milliseconds, 5 datacenter bits, 5 worker bits, 12 sequence bits.
 * Ids never repeat and never go down: when the clock goes backwards, or 4096 ids are taken in one
 * millisecond, the generator keeps counting on its own last millisecond instead of waiting.
 */
export class Snowflake {
  private lastMs = -1n;
  private sequence = 0n;
  private readonly node: bigint;

  constructor(
    datacenterId: number,
    workerId: number,
    private readonly now: () => number = Date.now,
  ) {
    for (const [name, value] of [
      ['datacenter', datacenterId],
      ['worker', workerId],
    ] as const) {
      if (!Number.isInteger(value) || value < 0 || value > MAX_NODE)
        throw new Error(`${name} id must be 0-${MAX_NODE}`);
    }
    this.node = (BigInt(datacenterId) << DATACENTER_SHIFT) | (BigInt(workerId) << WORKER_SHIFT);
  }

  /** The next id as a decimal string (ids exceed 2^53 so they travel as strings). */
  next(): string {
    const ms = BigInt(this.now()) - SNOWFLAKE_EPOCH;
    if (ms > this.lastMs) {
      this.lastMs = ms;
      this.sequence = 0n;
    } else {
      this.sequence = (this.sequence + 1n) & SEQ_MASK;
      if (this.sequence === 0n) this.lastMs += 1n;
    }
    return ((this.lastMs << TIME_SHIFT) | this.node | this.sequence).toString();
  }
}

/** Splits an id back into its parts (for tests and diagnostics). */
export function parseSnowflake(id: string) {
  const value = BigInt(id);
  return {
    time: Number((value >> TIME_SHIFT) + SNOWFLAKE_EPOCH),
    datacenterId: Number((value >> DATACENTER_SHIFT) & BigInt(MAX_NODE)),
    workerId: Number((value >> WORKER_SHIFT) & BigInt(MAX_NODE)),
    sequence: Number(value & SEQ_MASK),
  };
}
