import { avatarInitial } from "../auth/identity";
import type { UserInfo } from "../generated/UserInfo";

/** The user's initial in a round badge; decorative, since the name is shown beside it. */
export function Avatar({ user }: { user: UserInfo | null }) {
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-initial"
      className="grid size-8 shrink-0 place-items-center rounded-full bg-teal-500 text-sm font-semibold text-navy-950"
    >
      {avatarInitial(user)}
    </span>
  );
}
