/**
 * Runs after every test file (jest.config.js, setupFilesAfterEnv): ends what the file's runtimes
 * shared, in this jest worker that goes on to other files.
 */
import { closeSharedHttpClient } from '../../dev/gas/urlfetch/client';

afterAll(() => closeSharedHttpClient());
