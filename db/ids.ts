/** Row ids are PostgreSQL `serial`s: positive 32-bit integers. A larger number names no row. */
export const MAX_SERIAL_ID = 2 ** 31 - 1;

export function isSerialId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_SERIAL_ID;
}
