import type { AppointmentSlot } from '../catalogue';
import { brusselsClock } from '../format';

/** The wall-clock time in Brussels as "yyyy-mm-ddThh:mm:ss", the form of the snapshot's slot times. */
export function brusselsNow(now = new Date()): string {
  return brusselsClock(now.toISOString());
}

export type SlotAvailability = { id: number; start: string; end: string; remaining: number };

/** Future slots with the places left, after the CRM's bookings and the site's own. */
export function slotAvailability(slots: readonly AppointmentSlot[], siteBookings: ReadonlyMap<number, number>, now = new Date()): SlotAvailability[] {
  const current = brusselsNow(now);
  return slots
    .filter((slot) => slot.Start > current)
    .map((slot) => ({
      id: slot.ID,
      start: slot.Start,
      end: slot.End,
      remaining: Math.max(0, slot.Capacity - slot.Booked - (siteBookings.get(slot.ID) ?? 0)),
    }));
}
