// The static checks side by side: the type check (with React Router's route types) and
// lint share nothing, so on a machine with two cores they take the time of the slower one.
// Each one's output is printed whole when it ends; the run fails when either fails.
import { spawn } from "node:child_process";

const CHECKS = [
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["lint", "npm", ["run", "--silent", "lint"]],
];

const results = await Promise.all(
  CHECKS.map(
    ([name, command, args]) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
        const output = [];
        child.stdout.on("data", (chunk) => output.push(chunk));
        child.stderr.on("data", (chunk) => output.push(chunk));
        child.on("close", (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stdout.write(
            `\n== ${name}: ${code === 0 ? "passed" : "FAILED"} in ${seconds} s\n`,
          );
          process.stdout.write(Buffer.concat(output));
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
