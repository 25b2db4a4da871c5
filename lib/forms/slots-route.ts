import { getAppointmentSlots } from '../catalogue';
import { countBookings, getStore } from '../db';
import { slotAvailability } from './slots';

/** GET /api/slots/{id}/: a listing's future viewing times with the places left right now. */
export async function slotsResponse(id: string): Promise<Response> {
  if (!/^\d{1,9}$/.test(id)) return Response.json({ slots: [] }, { status: 404 });
  const slots = getAppointmentSlots(Number(id));
  const booked = await countBookings(await getStore(), slots.map((slot) => slot.ID));
  return Response.json({ slots: slotAvailability(slots, booked) }, { headers: { 'cache-control': 'no-store' } });
}
