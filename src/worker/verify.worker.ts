// The Web Worker that replays challenge attempts and completion codes off the page's thread.
import { expose } from 'comlink';
import { VerifyApi } from './verify/api.ts';

expose(new VerifyApi());
