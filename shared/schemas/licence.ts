/** Error strings of seat and licence refusals (server/modules/licence/seats.ts); data carries {limit, used, adding}. */
export const LICENCE_ERRORS = {
  seatsFull: 'no free student seats: the licence (or the trial) allows no more students',
  expired: 'the licence has expired: no new students can be added',
} as const;
