/** jest's globalSetup (jest.config.js): the run's own temporary folder (run-temp.ts). */
import type { Config } from '@jest/types';
import { useRunTemp } from './run-temp';

export default function globalSetup(_global: Config.GlobalConfig, project: Config.ProjectConfig): void {
  useRunTemp(project.cacheDirectory);
}
