/** Where a command writes: the process streams, or a test's buffers. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** A terminal for progress bars; absent when standard error is not one. */
  progress?: NodeJS.WriteStream;
}

export const processIo: CliIo = {
  stdout: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  stderr: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  ...(process.stderr.isTTY ? { progress: process.stderr } : {}),
};
