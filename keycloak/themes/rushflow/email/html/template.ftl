<#-- The frame of Keycloak's HTML e-mails (the parent theme's, plus a title): each message's text, in
     messages/, opens with its own heading. -->
<#macro emailLayout>
<html lang="${locale.language}" dir="${(ltr)?then('ltr','rtl')}">
<head>
    <meta charset="utf-8">
    <title>${realmName}</title>
</head>
<body>
    <#nested>
</body>
</html>
</#macro>
