// The /api answers the UI reads (README, API section), as the UI sees them.

export interface Pizza {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  active?: boolean | number;
}

export interface PublicSettings {
  capacity_per_window: number;
  booking_horizon_days?: number;
  vip_booking_advance_days?: number;
  cancellation_deadline_minutes?: number;
}

export interface OpenDay {
  date: string;
  openTime?: string;
  closeTime?: string;
  is_vip?: boolean;
  vip_description?: string | null;
}

export interface VipCustomerView {
  id: number | null;
  name: string;
  vip_date: string | null;
}

export interface OpenDaysAnswer {
  open_days: OpenDay[];
  vip_dates: OpenDay[];
  is_vip: boolean;
  vip_customer: VipCustomerView | null;
  error?: string;
}

export interface Slot {
  time: string;
  available: boolean;
  can_accommodate: boolean;
  capacity_remaining: number;
}

export interface AvailabilityAnswer {
  available: boolean;
  message: string | null;
  slots: Slot[];
  fits_request: boolean;
  is_vip: boolean;
  vip_customer: VipCustomerView | null;
  error?: string;
}

export interface BookingLine {
  pizza_id?: number;
  pizza_name: string;
  qty: number;
  price_cents: number;
}

export interface Booking {
  id: string;
  booking_id?: string;
  name: string;
  email: string;
  phone: string | null;
  booking_date: string;
  booking_time: string;
  dine_in: boolean;
  status: 'pending' | 'confirmed' | 'cancelled';
  items: BookingLine[];
  original_total_cents: number;
  discount_cents?: number;
  final_total_cents: number;
}

export interface BookingCreated {
  booking_id: string;
  status: 'pending';
  booking: Booking;
}

export interface LookupAnswer {
  booking: Booking;
  items: BookingLine[];
  can_cancel: boolean;
  hours_until_booking: number;
}

export interface BonusCodeAnswer {
  valid: boolean;
  code: string;
  description: string | null;
  discount_percentage: number;
}
