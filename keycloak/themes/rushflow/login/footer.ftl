<#macro content>
<script data-site="${realm.displayName!''}">
  {
    // The parent theme titles every page « Connexion à Rushflow »: each page takes its heading instead.
    const pageTitle = document.getElementById("kc-page-title")?.textContent.trim();
    if (pageTitle) document.title = pageTitle + " – " + document.currentScript.dataset.site;
    // The parent theme marks a field in error (aria-invalid) without pointing to the error's text: tie them, so
    // a screen reader reads the error with the field.
    for (const field of document.querySelectorAll('[aria-invalid="true"]')) {
      const error = document.getElementById("input-error-" + field.id);
      if (error) field.setAttribute("aria-describedby", error.id);
    }
  }
</script>
<#-- Empty sign-in fields: the server only knows "invalid credentials", so the page says what is missing before posting. -->
<div id="rf-missing-fields" hidden data-message="${msg("rushflowMissingFields")}"></div>
<script type="module">
  const form = document.getElementById("kc-form-login");
  const message = document.getElementById("rf-missing-fields")?.dataset.message;
  if (form && message) {
    form.addEventListener("submit", (event) => {
      const fields = [...form.querySelectorAll('input[name="username"], input[name="password"]')];
      if (fields.every((field) => field.value.trim() !== "")) return;
      event.preventDefault();
      if (form.login) form.login.disabled = false;
      let alert = document.getElementById("rf-missing-fields-alert");
      if (!alert) {
        alert = document.createElement("div");
        alert.id = "rf-missing-fields-alert";
        alert.className = "pf-v5-c-alert pf-m-inline pf-v5-u-mb-md pf-m-danger";
        alert.setAttribute("role", "alert");
        const title = document.createElement("span");
        title.className = "pf-v5-c-alert__title kc-feedback-text";
        title.textContent = message;
        alert.appendChild(title);
        form.parentNode.insertBefore(alert, form);
      }
      for (const field of fields) {
        const missing = field.value.trim() === "";
        field.setAttribute("aria-invalid", String(missing));
        if (missing) field.setAttribute("aria-describedby", alert.id);
        else field.removeAttribute("aria-describedby");
      }
      fields.find((field) => field.value.trim() === "")?.focus();
    });
  }
</script>
</#macro>
