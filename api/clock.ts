/** The server clock is the source of truth for "now" (decisions.md "Time"); tests inject their own. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
