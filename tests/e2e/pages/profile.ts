import { setProfile, type LenderProfile } from '../../../shared/schema/profile.ts'
import type { Device } from './devices.ts'
import { changeBookElsewhere } from './elsewhere.ts'

/**
 * Sets the lender's profile (display name, UPI ID) as another of their devices would. Resolves
 * once the server has stored it; the open device then receives it through sync.
 */
export function setProfileElsewhere(
  device: Device,
  profile: LenderProfile,
  baseURL: string,
): Promise<void> {
  return changeBookElsewhere(device, baseURL, (doc) => setProfile(doc, profile))
}
