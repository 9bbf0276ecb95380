/** The intake thread's module (see intake-thread.ts): one message a submission, answered with `readBatchBody`. */
import { type BatchBody, readBatchBody } from './batch-intake.js';
import { answerRequests } from './on-demand-thread.js';

answerRequests((_id, body: BatchBody) => readBatchBody(body));
