import { parentPort, workerData } from 'node:worker_threads';
import { postedVersion } from './catalogue-version';

/* The thread that reads a catalogue version for the server (catalogue-version.ts readVersionOffThread). */
if (parentPort && typeof workerData === 'string') parentPort.postMessage(postedVersion(workerData));
