/** jest's globalSetup (jest.config.js): the run's own temporary folder (run-temp.ts). */
import { useRunTemp } from './run-temp';

export default function globalSetup(): void {
  useRunTemp();
}
