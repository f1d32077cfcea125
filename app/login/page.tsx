import { redirect } from "next/navigation";
import { pageTitle } from "@/lib/i18n/server";
import { LoginForm } from "@/components/auth/login-form";
import { getDashboardContext } from "@/lib/dashboard/context";

export const generateMetadata = () => pageTitle("login.title");

export default async function LoginPage() {
  if (await getDashboardContext()) redirect("/dashboard");
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <LoginForm />
    </main>
  );
}
