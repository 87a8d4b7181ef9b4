// The machine's clock.
import { injectable } from "inversify";
import type { Clock } from "../../application/ports/clock.js";

@injectable()
export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
