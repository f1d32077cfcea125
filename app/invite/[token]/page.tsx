import { Alert } from "@/components/ui/card";
import { AcceptInvitationForm } from "@/components/team/accept-invitation-form";
import { getTranslator, pageTitle } from "@/lib/i18n/server";
import { findOpenInvitation } from "@/lib/team/invitations";

export const generateMetadata = () => pageTitle("invite.accept");

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { t } = await getTranslator();
  const invitation = token.length <= 100 ? await findOpenInvitation(token) : null;
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-4">
      {invitation ? (
        <AcceptInvitationForm token={token} email={invitation.email} merchantName={invitation.merchantName} />
      ) : (
        <div className="w-full max-w-sm">
          <Alert>{t("invite.invalid")}</Alert>
        </div>
      )}
    </main>
  );
}
