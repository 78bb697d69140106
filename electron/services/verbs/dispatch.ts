import { contractInputs, fail, isVerb } from '../../../shared/index.js';
import type { Result, Verb } from '../../../shared/index.js';
import type { CallContext, Handlers } from './handlers.js';
import { createLogger } from '../common/logger.js';
import { redact } from '../common/redact.js';

const log = createLogger('bridge');

/**
 * Entry point of every bridge transport, after its sender check: an unknown verb or bad input (`undefined` = `{}`) is
 * `validation` listing each problem; a handler's throw is `internal`, its message redacted. Never rejects.
 */
export async function dispatch(handlers: Handlers, verb: string, rawInput: unknown, ctx?: CallContext): Promise<Result<unknown>> {
  if (typeof verb !== 'string' || !isVerb(verb)) {
    return fail('validation', `Unknown bridge verb "${String(verb).slice(0, 60)}".`);
  }
  const parsed = contractInputs[verb].safeParse(rawInput === undefined ? {} : rawInput);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'input'}: ${i.message}`);
    return fail('validation', redact(`Invalid input for ${verb}: ${problems.join('; ')}`));
  }
  const done = log.time(verb);
  try {
    const handler = handlers[verb] as (input: unknown, ctx?: CallContext) => Promise<Result<unknown>>;
    const result = await (ctx ? handler(parsed.data, ctx) : handler(parsed.data));
    done(result.ok ? 'ok' : result.error.code);
    return result;
  } catch (err) {
    const message = redact(err instanceof Error ? err.message : String(err));
    log.error(`${verb} threw`, message);
    return fail('internal', `${verb} failed: ${message}`);
  }
}

/** The verbs a handler set answers (tests check it equals the contract). */
export function handlerVerbs(handlers: Handlers): Verb[] {
  return Object.keys(handlers).filter(isVerb);
}
