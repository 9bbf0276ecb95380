/**
 * Reads asked for in one turn of the event loop, answered by one statement.
 * Concurrent requests each read the same few rows (the tenant's rules
 * revisions, their users' series); over a network each read is a round trip,
 * so the reads of a turn are gathered and sent together once the turn's I/O
 * callbacks ran. The statement is sent after every read it answers was asked
 * for, so no answer is older than a read of its own would have been.
 */
export function perTurn<Asked, Answer>(
  readAll: (asked: readonly Asked[]) => Promise<readonly Answer[]>,
): (asked: Asked) => Promise<Answer> {
  let waiting: Array<{ asked: Asked; resolve(answer: Answer): void; reject(error: unknown): void }> = [];

  function send(): void {
    const group = waiting;
    waiting = [];
    readAll(group.map((each) => each.asked)).then(
      (answers) => {
        for (const [index, each] of group.entries()) each.resolve(answers[index]!);
      },
      (error) => {
        for (const each of group) each.reject(error);
      },
    );
  }

  return (asked) =>
    new Promise((resolve, reject) => {
      if (waiting.push({ asked, resolve, reject }) === 1) setImmediate(send);
    });
}
