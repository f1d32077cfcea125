/**
 * Labels for every enum value the dashboard shows (`enum.<kind>.<VALUE>`): no raw API name reaches
 * a page. Written as value → [English, Korean] so a missing translation is visible at a glance.
 */
type Labels = Record<string, readonly [string, string]>;

const kinds: Record<string, Labels> = {
  paymentStatus: {
    READY: ["Ready", "결제 대기"],
    PENDING: ["Pending", "승인 대기"],
    VIRTUAL_ACCOUNT_ISSUED: ["Awaiting deposit", "입금 대기"],
    PAID: ["Paid", "결제 완료"],
    FAILED: ["Failed", "결제 실패"],
    PARTIAL_CANCELLED: ["Partially refunded", "부분 취소"],
    CANCELLED: ["Refunded", "결제 취소"],
  },
  method: {
    CARD: ["Card", "카드"],
    TRANSFER: ["Bank transfer", "계좌이체"],
    VIRTUAL_ACCOUNT: ["Virtual account", "가상계좌"],
    MOBILE: ["Mobile", "휴대폰"],
    GIFT_CERTIFICATE: ["Gift certificate", "상품권"],
    EASY_PAY: ["Easy pay", "간편결제"],
  },
  pgProvider: {
    HTML5_INICIS: ["KG Inicis (HTML5)", "KG이니시스(HTML5)"], PAYPAL: ["PayPal", "페이팔"], PAYPAL_V2: ["PayPal (v2)", "페이팔(v2)"], INICIS: ["KG Inicis", "KG이니시스"],
    DANAL: ["Danal", "다날"], NICE: ["NICE Payments", "나이스페이"], DANAL_TPAY: ["Danal Tpay", "다날 Tpay"], JTNET: ["JTNet", "JTNet"], UPLUS: ["LG U+", "LG유플러스"],
    NAVERPAY: ["Naver Pay", "네이버페이"], KAKAO: ["Kakao", "카카오"], SETTLE: ["Settlebank", "세틀뱅크"], KCP: ["NHN KCP", "NHN KCP"], MOBILIANS: ["Mobilians", "모빌리언스"],
    KAKAOPAY: ["Kakao Pay", "카카오페이"], NAVERCO: ["Naver Checkout", "네이버 체크아웃"], SYRUP: ["Syrup", "시럽"], KICC: ["KICC", "한국정보통신"], EXIMBAY: ["Eximbay", "엑심베이"],
    SMILEPAY: ["Smile Pay", "스마일페이"], PAYCO: ["PAYCO", "페이코"], KCP_BILLING: ["NHN KCP (billing)", "NHN KCP(정기결제)"], ALIPAY: ["Alipay", "알리페이"], PAYPLE: ["Payple", "페이플"],
    CHAI: ["CHAI", "차이"], BLUEWALNUT: ["Bluewalnut", "블루월넛"], SMARTRO: ["Smartro", "스마트로"], SMARTRO_V2: ["Smartro (v2)", "스마트로(v2)"], PAYMENTWALL: ["Paymentwall", "페이먼트월"],
    TOSSPAYMENTS: ["Toss Payments", "토스페이먼츠"], KCP_QUICK: ["NHN KCP Quick", "NHN KCP 퀵페이"], DAOU: ["Kiwoom Pay (Daou)", "키움페이(다우)"], GALAXIA: ["Galaxia", "갤럭시아"],
    TOSSPAY: ["Toss Pay", "토스페이"], KCP_DIRECT: ["NHN KCP Direct", "NHN KCP 다이렉트"], SETTLE_ACC: ["Settlebank (account)", "세틀뱅크(계좌)"], SETTLE_FIRM: ["Settlebank (firm banking)", "세틀뱅크(펌뱅킹)"],
    INICIS_UNIFIED: ["KG Inicis (unified)", "KG이니시스(통합)"], KSNET: ["KSNET", "KSNET"], PINPAY: ["PinPay", "핀페이"], UNIDENTIFIED: ["Not decided yet", "미정"],
  },
  bank: {
    BANK_OF_KOREA: ["Bank of Korea", "한국은행"], KOREA_DEVELOPMENT_BANK: ["Korea Development Bank", "산업은행"], INDUSTRIAL_BANK_OF_KOREA: ["IBK Industrial Bank", "기업은행"],
    KOOKMIN_BANK: ["KB Kookmin Bank", "KB국민은행"], SUHYUP_BANK: ["Suhyup Bank", "수협은행"], EXPORT_IMPORT_BANK_OF_KOREA: ["Export-Import Bank of Korea", "수출입은행"],
    NH_NONGHYUP_BANK: ["NH NongHyup Bank", "NH농협은행"], LOCAL_NONGHYUP: ["Local Nonghyup", "지역농축협"], WOORI_BANK: ["Woori Bank", "우리은행"], SC_BANK_KOREA: ["SC First Bank", "SC제일은행"],
    CITI_BANK_KOREA: ["Citibank Korea", "한국씨티은행"], DAEGU_BANK: ["iM Bank (Daegu)", "iM뱅크(대구)"], BUSAN_BANK: ["Busan Bank", "부산은행"], GWANGJU_BANK: ["Gwangju Bank", "광주은행"],
    JEJU_BANK: ["Jeju Bank", "제주은행"], JEONBUK_BANK: ["Jeonbuk Bank", "전북은행"], KYONGNAM_BANK: ["Kyongnam Bank", "경남은행"], KFCC: ["Saemaul Geumgo", "새마을금고"],
    SHINHYUP: ["Shinhyup", "신협"], SAVINGS_BANK_KOREA: ["Savings bank", "저축은행"], HSBC_BANK: ["HSBC", "HSBC은행"], DEUTSCHE_BANK: ["Deutsche Bank", "도이치은행"],
    JP_MORGAN_CHASE_BANK: ["JPMorgan Chase", "JP모간체이스은행"], BANK_OF_AMERICA_BANK: ["Bank of America", "뱅크오브아메리카"], BNP_PARIBAS_BANK: ["BNP Paribas", "BNP파리바은행"],
    ICBC: ["ICBC", "중국공상은행"], BANK_OF_CHINA: ["Bank of China", "중국은행"], CHINA_CONSTRUCTION_BANK: ["China Construction Bank", "중국건설은행"], EPOST: ["Korea Post", "우체국"],
    HANA_BANK: ["Hana Bank", "하나은행"], SHINHAN_BANK: ["Shinhan Bank", "신한은행"], K_BANK: ["K Bank", "케이뱅크"], KAKAO_BANK: ["KakaoBank", "카카오뱅크"], TOSS_BANK: ["Toss Bank", "토스뱅크"],
  },
  bankName: {
    BANK_OF_KOREA: ["Bank of Korea", "한국은행"], KDB: ["Korea Development Bank", "산업은행"], IBK: ["IBK Industrial Bank", "기업은행"], KB: ["KB Kookmin Bank", "KB국민은행"],
    HANA: ["Hana Bank", "하나은행"], SH: ["Suhyup Bank", "수협은행"], KOREA_EXIMBANK: ["Export-Import Bank of Korea", "수출입은행"], NH: ["NH NongHyup Bank", "NH농협은행"],
    WOORI: ["Woori Bank", "우리은행"], SHINHAN: ["Shinhan Bank", "신한은행"], SC: ["SC First Bank", "SC제일은행"], CITY: ["Citibank Korea", "한국씨티은행"], DGB: ["iM Bank (Daegu)", "iM뱅크(대구)"],
    BOOSAN_BANK: ["Busan Bank", "부산은행"], KJ_BANK: ["Gwangju Bank", "광주은행"], JEJU_BANK: ["Jeju Bank", "제주은행"], JB_BANK: ["Jeonbuk Bank", "전북은행"], KN_BANK: ["Kyongnam Bank", "경남은행"],
    MG: ["Saemaul Geumgo", "새마을금고"], CU: ["Shinhyup", "신협"], SB: ["Savings bank", "저축은행"], BOA: ["Bank of America", "뱅크오브아메리카"], MORGAN_STANLEY: ["Morgan Stanley", "모건스탠리은행"],
    HSBC: ["HSBC", "HSBC은행"], DEUTSCHE_BANK: ["Deutsche Bank", "도이치은행"], JP_MORGAN: ["JPMorgan Chase", "JP모간체이스은행"], BNP_PARISBAS: ["BNP Paribas", "BNP파리바은행"], ICBC: ["ICBC", "중국공상은행"],
    BANK_OF_CHINA: ["Bank of China", "중국은행"], SJ: ["Sanlim Forestry Cooperative", "산림조합"], CHINA_CONSTRUCTION_BANK: ["China Construction Bank", "중국건설은행"], POST_BANK: ["Korea Post", "우체국"],
    K_BANK: ["K Bank", "케이뱅크"], KAKAO_BANK: ["KakaoBank", "카카오뱅크"], TOSS_BANK: ["Toss Bank", "토스뱅크"],
  },
  applicationStatus: {
    RECEPTION_SCHEDULED: ["Reception scheduled", "접수 예정"], TRANSFER: ["Transferred", "이관"], RECEPTION_PENDING: ["Reception on hold", "접수 보류"], RECEPTION_COMPLETED: ["Received", "접수 완료"],
    APPLICATION_CANCELED: ["Application withdrawn", "신청 취소"], MERCHANT_REVIEWING: ["Under review", "가맹 심사 중"], CONTRACT_PROCESSING: ["Contract in progress", "계약 진행 중"],
    CONTRACT_COMPLETED: ["Contract signed", "계약 완료"], CONTRACT_CANCELED: ["Contract cancelled", "계약 취소"], CONTRACT_PENDING: ["Contract on hold", "계약 보류"], CONTRACT_REJECTED: ["Contract rejected", "계약 반려"],
    SERVICE_CLOSED: ["Service closed", "서비스 해지"], SERVICE_OPEN: ["Live", "서비스 개시"],
  },
  contractStatus: {
    READY: ["Not started", "작성 전"], IN_DRAFT: ["Drafting", "작성 중"], WAIT_FOR_REVIEW: ["Waiting for review", "검토 대기"], IN_REVIEW: ["In review", "검토 중"], DONE: ["Signed", "체결 완료"],
    CANCELED: ["Cancelled", "취소"], TERMINATED: ["Terminated", "해지"],
  },
  methodType: {
    CARD_GENERAL: ["Card", "신용카드"], CARD_SUBSCRIBE: ["Card subscription", "카드 정기결제"], CARD_KEYIN: ["Card key-in", "카드 수기결제"], TRANS_GENERAL: ["Bank transfer", "계좌이체"],
    VBANK_GENERAL: ["Virtual account", "가상계좌"], PHONE_GENERAL: ["Mobile", "휴대폰 결제"], PHONE_SUBSCRIBE: ["Mobile subscription", "휴대폰 정기결제"], GIFT_CARD_GENERAL: ["Gift card", "상품권"],
    ABROAD_GENERAL: ["Overseas card", "해외카드"], MY_ACCOUNT_GENERAL: ["My account", "내통장결제"], NAVERPAY_GENERAL: ["Naver Pay", "네이버페이"], NAVERCO_GENERAL: ["Naver Checkout", "네이버 체크아웃"],
    KAKAOPAY_GENERAL: ["Kakao Pay", "카카오페이"], TOSSPAY_GENERAL: ["Toss Pay", "토스페이"], PAYCO_GENERAL: ["PAYCO", "페이코"], SMILEPAY_GENERAL: ["Smile Pay", "스마일페이"],
    CERTIFICATION_PHONE: ["Phone verification", "휴대폰 본인인증"], CERTIFICATION_UNIFIED: ["Unified verification", "통합인증"],
  },
  cancellationStatus: { REQUESTED: ["Requested", "취소 요청"], FAILED: ["Failed", "취소 실패"], SUCCEEDED: ["Refunded", "취소 완료"] },
  receiptStatus: { ISSUED: ["Issued", "발급 완료"], CANCELLED: ["Cancelled", "발급 취소"] },
  productType: { REAL: ["Physical goods", "실물"], DIGITAL: ["Digital goods", "디지털"] },
  identityStatus: { READY: ["Waiting for code", "인증 대기"], VERIFIED: ["Verified", "인증 완료"], FAILED: ["Failed", "인증 실패"] },
  identityMethod: { SMS: ["Text message", "문자(SMS)"], APP: ["Carrier app", "통신사 앱"] },
  webhookEvent: {
    Paid: ["Paid", "결제 완료"], VirtualAccountIssued: ["Virtual account issued", "가상계좌 발급"], PartialCancelled: ["Partially refunded", "부분 취소"], Cancelled: ["Refunded", "결제 취소"],
    Failed: ["Failed", "결제 실패"], Test: ["Test", "테스트"],
  },
  webhookType: {
    PAID: ["Paid", "결제 완료"], VIRTUAL_ACCOUNT_ISSUED: ["Virtual account issued", "가상계좌 발급"], PARTIAL_CANCELLED: ["Partially refunded", "부분 취소"], CANCELLED: ["Refunded", "결제 취소"],
    FAILED: ["Failed", "결제 실패"], READY: ["Ready", "결제 대기"], CANCEL_PENDING: ["Refund pending", "취소 대기"],
  },
  webhookTrigger: { NOTIFICATION_SETTING: ["Automatic", "자동 발송"], MANUAL: ["Manual resend", "수동 재발송"], VIRTUAL_ACCOUNT_DEPOSIT: ["Deposit", "입금 알림"] },
  channelType: { LIVE: ["Live", "실연동"], TEST: ["Test", "테스트"] },
  escrowStatus: { REGISTERED: ["Delivery registered", "배송 등록"], COMPLETED: ["Purchase confirmed", "구매 확정"] },
  escrowCompany: {
    HYUNDAI: ["Lotte (Hyundai)", "롯데택배(현대)"], HANARO: ["Hanaro", "하나로택배"], SAGAWA: ["Sagawa", "사가와"], KGB: ["KGB", "KGB택배"], YELLOWCAP: ["Yellow Cap", "옐로우캡"],
    DONGBU: ["Dongbu", "동부택배"], EPOST: ["Korea Post", "우체국택배"], CJGLS: ["CJ Logistics", "CJ대한통운"], HANJIN: ["Hanjin", "한진택배"], DAESIN: ["Daesin", "대신택배"],
    ETC: ["Other", "기타"], ILYANG: ["Ilyang", "일양로지스"], KYONGDONG: ["Kyungdong", "경동택배"], CHUNIL: ["Chunil", "천일택배"],
  },
  devMethod: { SELF_DEVELOPMENT: ["Own development", "자체 개발"], WORDPRESS: ["WordPress", "워드프레스"] },
  role: { OWNER: ["Owner", "소유자"], ADMIN: ["Admin", "관리자"], VIEWER: ["Viewer", "조회 전용"] },
  actorType: { USER: ["Dashboard user", "대시보드 사용자"], API_KEY: ["API key", "API 키"], SYSTEM: ["System", "시스템"] },
  auditAction: {
    "api_key.create": ["API key created", "API 키 생성"],
    "api_key.revoke": ["API key revoked", "API 키 폐기"],
    "user.create": ["Login created", "로그인 생성"],
    "user.role_change": ["Role changed", "역할 변경"],
    "user.remove": ["User removed", "사용자 삭제"],
    "user.password_change": ["Password changed", "비밀번호 변경"],
    "user.two_factor_enable": ["Two-factor turned on", "2단계 인증 사용"],
    "user.two_factor_disable": ["Two-factor turned off", "2단계 인증 해제"],
    "invitation.create": ["Invitation sent", "초대 발송"],
    "invitation.revoke": ["Invitation withdrawn", "초대 취소"],
    "invitation.accept": ["Invitation accepted", "초대 수락"],
    "team.require_two_factor": ["Two-factor requirement changed", "2단계 인증 필수 설정 변경"],
    "saved_view.create": ["View saved", "보기 저장"],
    "saved_view.rename": ["View renamed", "보기 이름 변경"],
    "saved_view.delete": ["View deleted", "보기 삭제"],
    "store.update": ["Store updated", "상점 정보 변경"],
    "webhook.url_change": ["Webhook URL changed", "웹훅 URL 변경"],
    "webhook.secret_rotate": ["Webhook secret rotated", "웹훅 시크릿 교체"],
    "payment.status_change": ["Payment status changed", "결제 상태 변경"],
    "cancellation.status_change": ["Refund status changed", "취소 상태 변경"],
    "escrow.status_change": ["Escrow status changed", "에스크로 상태 변경"],
    "schedule.status_change": ["Scheduled payment status changed", "예약 결제 상태 변경"],
  },
};

const build = (i: 0 | 1) => Object.fromEntries(Object.entries(kinds).flatMap(([kind, labels]) => Object.entries(labels).map(([value, pair]) => [`enum.${kind}.${value}`, pair[i]])));

export const enums = { en: build(0), ko: build(1) };
export const ENUM_KINDS = Object.keys(kinds);
