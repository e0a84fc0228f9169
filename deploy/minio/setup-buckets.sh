#!/bin/sh
# MinIO's buckets and the app's own account, at every deployment (idempotent). The app never uses
# the root account: its keys (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY) may only read and write
# objects in the product's buckets.
set -eu

mc alias set rushflow http://minio:9000 "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null

arns() {
  separator=''
  for bucket in $BUCKETS; do
    printf '%s"arn:aws:s3:::%s%s"' "$separator" "$bucket" "$1"
    separator=','
  done
}

for bucket in $BUCKETS; do
  mc mb --ignore-existing "rushflow/$bucket"
done

# A data export is deleted once its link has lapsed (7 days), as api/storage/buckets.ts asks of
# other S3 servers; importing the rule replaces the bucket's rules, so a redeployment keeps one.
printf '%s' '{"Rules":[{"ID":"expire-account-exports","Status":"Enabled","Filter":{"Prefix":""},"Expiration":{"Days":7}}]}' |
  mc ilm import rushflow/account-exports

policy=$(mktemp)
cat >"$policy" <<JSON
{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Action": ["s3:GetBucketLocation", "s3:ListBucket", "s3:ListBucketMultipartUploads"],
      "Resource": [$(arns '')]
    },
    {
      "Effect": "Allow",
      "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject", "s3:AbortMultipartUpload", "s3:ListMultipartUploadParts"],
      "Resource": [$(arns '/*')]
    }
  ]
}
JSON
mc admin policy create rushflow rushflow-app "$policy"
mc admin user add rushflow "$S3_ACCESS_KEY_ID" "$S3_SECRET_ACCESS_KEY"
# mc counts a policy already attached as attached.
mc admin policy attach rushflow rushflow-app --user "$S3_ACCESS_KEY_ID"
