import type { LifeEvent } from "./animal-life.ts";
import { DEMO_HERD_PARAMS as P, RESYNCH, TECHNICIANS, TIMED_AI, VETS } from "./demo-herd-params.ts";
import type { Rng } from "./prng.ts";

export interface BreedingInput {
  lact: number;
  /** First natural heat the cow may be bred on (after VWP, or the heifer's first-service age). */
  firstHeatDay: number;
  /** Timed AI if she has not been bred by then. */
  timedAiDay: number;
  /** Not bred after this day: DNB. */
  lastDay: number;
  heatDetection: number;
  conception: number;
  abortion: number;
  sireOn: (day: number) => string;
}

export interface BreedingResult {
  events: LifeEvent[];
  /** Day of the insemination that gave the pregnancy carried to term. */
  conceptionDay: number | null;
  dnbDay: number | null;
}

/**
 * Inseminations, pregnancy checks and abortions of one breeding period: heats every ~21 days seen
 * with the detection rate, timed AI when none was seen, a return heat or an OPEN check after a
 * failed service, resynchronisation after OPEN. Ends pregnant (to term) or DNB — never a BRED
 * while pregnant.
 */
export function simulateBreeding(rng: Rng, input: BreedingInput): BreedingResult {
  const events: LifeEvent[] = [];
  const add = (day: number, code: string, remark = "", protocol = "", technician = "") =>
    events.push({ day, code, lact: input.lact, remark, protocol, technician });
  const cycle = () => P.cycleDays + rng.int(-P.cycleSpread, P.cycleSpread);

  let heat = input.firstHeatDay;
  let forced = input.timedAiDay;
  let forcedProtocol = TIMED_AI;
  let seen = false;
  let services = 0;
  let lastEventDay = input.firstHeatDay;
  for (;;) {
    let serviceDay: number;
    let protocol = "";
    // The next insemination: a seen heat, or the scheduled timed AI, whichever comes first.
    for (;;) {
      if (forced <= heat) {
        serviceDay = forced;
        protocol = forcedProtocol;
        break;
      }
      if (seen || rng.chance(input.heatDetection)) {
        serviceDay = heat;
        break;
      }
      heat += cycle();
    }
    seen = false;
    if (serviceDay > input.lastDay || services >= P.maxServices) {
      const dnbDay = Math.max(Math.min(serviceDay, input.lastDay), lastEventDay);
      add(dnbDay, "DNB");
      return { events, conceptionDay: null, dnbDay };
    }
    services++;
    add(serviceDay, "BRED", input.sireOn(serviceDay), protocol, rng.pick(TECHNICIANS));
    const check = serviceDay + rng.int(P.pregCheckDays[0], P.pregCheckDays[1]);
    const conceived = rng.chance(input.conception * P.conceptionPerRepeat ** (services - 1));
    if (conceived) {
      add(check, "PREG", `${check - serviceDay} ДН`, "", rng.pick(VETS));
      if (!rng.chance(input.abortion)) return { events, conceptionDay: serviceDay, dnbDay: null };
      const abortDay = serviceDay + rng.int(P.abortGestationDays[0], P.abortGestationDays[1]);
      add(abortDay, "ABORT", `${abortDay - serviceDay} ДН`, "", rng.pick(VETS));
      lastEventDay = abortDay;
      heat = abortDay + rng.int(7, 25);
      forced = abortDay + rng.int(25, 35);
      forcedProtocol = RESYNCH;
      continue;
    }
    const returnHeat = serviceDay + cycle();
    if (returnHeat < check && rng.chance(input.heatDetection)) {
      heat = returnHeat;
      seen = true;
      forced = Number.POSITIVE_INFINITY;
      lastEventDay = serviceDay;
      continue;
    }
    add(check, "OPEN", "", "", rng.pick(VETS));
    lastEventDay = check;
    heat = returnHeat + cycle();
    while (heat <= check) heat += cycle();
    forced = check + P.resynchDays;
    forcedProtocol = RESYNCH;
  }
}
