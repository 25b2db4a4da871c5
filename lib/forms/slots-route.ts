import { getAppointmentSlots } from '../catalogue';
import { countBookings, getStore } from '../db';
import { slotAvailability, type SlotAvailability } from './slots';

/** A listing's future viewing times with the places left right now (site bookings included). */
export async function currentSlots(propertyId: number): Promise<SlotAvailability[]> {
  const slots = getAppointmentSlots(propertyId);
  const booked = await countBookings(
    await getStore(),
    slots.map((slot) => slot.ID),
  );
  return slotAvailability(slots, booked);
}

/** GET /api/slots/{id}/: a listing's future viewing times with the places left right now. */
export async function slotsResponse(id: string): Promise<Response> {
  if (!/^\d{1,9}$/.test(id)) return Response.json({ slots: [] }, { status: 404 });
  return Response.json({ slots: await currentSlots(Number(id)) }, { headers: { 'cache-control': 'no-store' } });
}
