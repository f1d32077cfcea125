import { ComingSoon } from "@/components/dashboard/coming-soon";

export default function Page() {
  return <ComingSoon titleKey="nav.schedules" />;
}
