import { parseArgs } from 'node:util';
import { REPOSITORY_DATA_DIR } from '../constraints/registry.js';
import { generateScaledDatabase } from './scale.js';

// Writes the SYNTHETIC benchmark database (docs/constraints.md#benchmarks) and prints its summary as one JSON line.
const USAGE = 'usage: tsx server/data/synthetic/cli.ts --scale --out <file.duckdb> [--days 30] [--binding 500] [--constraints 100000] [--tickets 20000]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'boolean', default: false },
      out: { type: 'string' },
      days: { type: 'string', default: '30' },
      binding: { type: 'string', default: '500' },
      constraints: { type: 'string', default: '100000' },
      tickets: { type: 'string', default: '20000' },
    },
    strict: true,
  });
  const numbers = [values.days, values.binding, values.constraints, values.tickets].map(Number);
  if (!values.scale || !values.out || numbers.some((n) => !Number.isInteger(n) || n < 1)) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const [days, bindingConstraints, constraints, outageTickets] = numbers;
  const summary = await generateScaledDatabase({ file: values.out, dataDir: REPOSITORY_DATA_DIR, days, bindingConstraints, constraints, outageTickets });
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(error instanceof TypeError ? 2 : 1);
});
