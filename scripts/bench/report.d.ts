// Types of report.js for its unit test.
export interface Section {
  title: string;
  text?: string[];
  headers?: string[];
  rows?: (string | number)[][];
  notes?: string[];
  headlines?: string[];
}
export interface Machine {
  date: string;
  cpus: number;
  model: string;
  loadAverage: string;
  node: string;
  load: string;
}
export function againstTarget(value: number, target: number): string;
export function renderSection(section: Section): string;
export function writeReport(file: string, machine: Machine, sections: Section[]): void;
