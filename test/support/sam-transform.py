"""SAM's own transform (aws-sam-translator, which cfn-lint installs) of a template, offline.

Usage: python3 test/support/sam-transform.py TEMPLATE [Name=value ...] > rendered.json
Prints the CloudFormation template that SAM makes of TEMPLATE with these parameters, as JSON.
CloudFormation runs AWS::LanguageExtensions first, which expands the Fn::ForEach loops; here
cfn-lint's own implementation of it does. The functions' CodeUri stands for the S3 location
`sam deploy` uploads them to, and the AWS managed policies SAM names are looked up in a table of
their ARNs, as AWS would answer.
"""
import json
import os
import sys

from cfnlint.decode import decode
from cfnlint.template import Template
from cfnlint.template.transforms._language_extensions import language_extension
from samtranslator.translator.transform import transform


class ManagedPolicies:
    """The AWS managed policies SAM may look up, by name."""

    def load(self):
        names = ["AWSLambdaBasicExecutionRole", "AWSCodeDeployRoleForLambda", "AWSCodeDeployRoleForLambdaLimited"]
        return {name: f"arn:aws:iam::aws:policy/service-role/{name}" for name in names}


def main():
    template, problems = decode(sys.argv[1])
    if not problems:
        problems, template = language_extension(Template(sys.argv[1], template))
    if problems:
        sys.exit("\n".join(str(problem) for problem in problems))
    for resource in template["Resources"].values():
        if resource["Type"] == "AWS::Serverless::Function":
            resource["Properties"]["CodeUri"] = "s3://bucket/function.zip"
    # SAM's transform alone: AWS::LanguageExtensions has run.
    template["Transform"] = "AWS::Serverless-2016-10-31"
    os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")
    parameters = dict(argument.split("=", 1) for argument in sys.argv[2:])
    json.dump(transform(template, parameters, ManagedPolicies()), sys.stdout, indent=1, default=str)


main()
