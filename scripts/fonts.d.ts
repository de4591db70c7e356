// Types of fonts.js for its unit test.
export const FONTS_DIR: string;
export const FONTS: { family: string; weights: number[] }[];
export const CHARACTERS: string;
export const FEATURES: string[];
export function fileName(family: string, weight: number): string;
export function subset(family: string, weight: number): Promise<Buffer>;
