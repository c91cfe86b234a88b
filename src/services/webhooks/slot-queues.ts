// The deliveries this instance holds on one slot of an endpoint go one after another
// (db/repositories/webhook-deliveries.ts claimDue): the next starts as soon as the last is
// answered, while that answer's outcome is still being recorded, so a busy endpoint's slot never
// waits for a transaction between two requests, and it never has two requests in flight.

/** What a queued task is told: whether it waited for another's answer, and how to let the next go. */
export type SlotTurn = { waited: boolean; answered: () => void };

type Tail = { answer: Promise<void>; answered: boolean };

export class SlotQueues {
  /** Per slot, the last task queued and whether it has been answered (or ended). */
  readonly #tails = new Map<string, Tail>();

  /** Runs `task` once every task queued before it on `slot` is answered. */
  run(slot: string, task: (turn: SlotTurn) => Promise<void>): Promise<void> {
    const previous = this.#tails.get(slot);
    let resolve!: () => void;
    const mine: Tail = { answer: new Promise<void>((r) => (resolve = r)), answered: false };
    const answered = (): void => {
      mine.answered = true;
      resolve();
    };
    this.#tails.set(slot, mine);
    const waits = previous !== undefined && !previous.answered;
    const go = (): Promise<void> =>
      task({ waited: waits, answered }).finally(() => {
        answered();
        if (this.#tails.get(slot) === mine) this.#tails.delete(slot);
      });
    return waits ? previous.answer.then(go) : go();
  }
}
