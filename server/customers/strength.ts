/**
 * The password strength checker in a thread of its own (node:worker_threads). Building it
 * reads and ranks the dictionaries of every shop language (about a second of work, tens of
 * MB), and each check searches them; on the event loop the first check would keep every
 * other request of the process waiting that long. The thread builds the checker on its
 * first question and answers each with zxcvbn's score; the loop only posts and receives
 * messages. The thread holds the process open only while a question is out.
 */
import { Worker } from "node:worker_threads";

/** The language packages whose lists the checker reads, keyed by the name their lists get. */
const LANGUAGE_PACKAGES = {
  de: "@zxcvbn-ts/language-de",
  en: "@zxcvbn-ts/language-en",
  fr: "@zxcvbn-ts/language-fr",
  it: "@zxcvbn-ts/language-it",
  es: "@zxcvbn-ts/language-es-es",
  nl: "@zxcvbn-ts/language-nl-be",
} as const;

export interface StrengthOptions {
  /** The checker reads at most this many characters of a password. */
  maxLength: number;
  /** At most this many look-alike substitutions tried (its work grows steeply with them). */
  lookAlikeSubstitutions: number;
}

interface WorkerData extends StrengthOptions {
  /** Where the packages are looked up from (this module's own place, bundled or not). */
  base: string;
  languages: Record<string, string>;
}

/**
 * The thread's program (CommonJS, run from source text so that the server bundle needs no
 * second entry file). The packages are required from this module's place.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { createRequire } = require("node:module");
const load = createRequire(workerData.base);
let checker;
function build() {
  const { ZxcvbnFactory } = load("@zxcvbn-ts/core");
  const common = load("@zxcvbn-ts/language-common");
  const dictionary = { ...common.dictionary };
  for (const [language, name] of Object.entries(workerData.languages)) {
    for (const [list, entries] of Object.entries(load(name).dictionary)) {
      // Some packages name their lists without the language; names must not collide.
      dictionary[list.includes("-") ? list : list + "-" + language] = entries;
    }
  }
  return new ZxcvbnFactory({
    dictionary,
    graphs: common.adjacencyGraphs,
    maxLength: workerData.maxLength,
    l33tMaxSubstitutions: workerData.lookAlikeSubstitutions,
  });
}
parentPort.on("message", async ({ id, password, userInputs }) => {
  try {
    checker ??= build();
    const result = await checker.checkAsync(password, userInputs);
    parentPort.postMessage({ id, score: result.score });
  } catch (error) {
    checker = undefined;
    parentPort.postMessage({ id, error: String(error && error.stack || error) });
  }
});
`;

export interface StrengthChecker {
  /** zxcvbn's score 0–4 of a password, the person's own words counting as guessable. */
  score(password: string, userInputs: readonly string[]): Promise<number>;
  /** Ends the thread (a later question starts a new one). */
  close(): Promise<void>;
}

type Answer = { id: number; score: number } | { id: number; error: string };

export function createStrengthChecker(options: StrengthOptions): StrengthChecker {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve(score: number): void; reject(e: Error): void }>();

  const failAll = (error: Error) => {
    for (const question of pending.values()) question.reject(error);
    pending.clear();
  };

  function start(): Worker {
    const workerData: WorkerData = {
      ...options,
      base: import.meta.url,
      languages: LANGUAGE_PACKAGES,
    };
    const thread = new Worker(THREAD_SOURCE, { eval: true, workerData });
    thread.unref();
    thread.on("message", (answer: Answer) => {
      const question = pending.get(answer.id);
      if (!question) return;
      pending.delete(answer.id);
      if ("error" in answer) question.reject(new Error(`password strength check: ${answer.error}`));
      else question.resolve(answer.score);
      if (pending.size === 0) thread.unref();
    });
    const gone = (error: Error) => {
      if (worker === thread) worker = undefined;
      failAll(error);
    };
    thread.on("error", gone);
    thread.on("exit", (code) => gone(new Error(`password strength thread ended (${code})`)));
    return thread;
  }

  return {
    score(password, userInputs) {
      const thread = (worker ??= start());
      const id = nextId++;
      // Held open while a question is out, so the answer is not lost to an idle exit.
      thread.ref();
      return new Promise<number>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.postMessage({ id, password, userInputs: [...userInputs] });
      });
    },
    async close() {
      const thread = worker;
      worker = undefined;
      if (thread) await thread.terminate();
    },
  };
}
