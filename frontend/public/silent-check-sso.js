// Keycloak's silent check-sso lands here in a hidden frame: hand the answer to the page.
parent.postMessage(location.href, location.origin);
