import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { fetchMe } from "../api/auth";
import { useAuthStore } from "./store";

export const meQueryKey = ["auth", "me"] as const;

/** Reloads the user and their tenants from the server, so grants changed since sign-in show up. */
export function useProfileSync(): void {
  const setProfile = useAuthStore((s) => s.setProfile);
  const { data } = useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (data) setProfile(data);
  }, [data, setProfile]);
}
