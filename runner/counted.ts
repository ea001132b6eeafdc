/** A count with its noun, singular for one: "1 point", "3 points", "1 hidden test". Pure. */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
