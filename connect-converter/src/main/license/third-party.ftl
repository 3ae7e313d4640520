<#-- doc/licenses/THIRD-PARTY.txt of the plugin archive: license-maven-plugin's own template (third-party-file.ftl),
     and ASM, which is inside typedjson-serde's jar (relocated) and so inside the archive without a jar of its own.
     @asm.version@ is the parent pom's asm.version (resources filtering, connect-converter/pom.xml). -->
<#function licenseFormat licenses>
    <#assign result = ""/>
    <#list licenses as license>
        <#assign result = result + " (" +license + ")"/>
    </#list>
    <#return result>
</#function>
<#function artifactFormat p>
    <#if p.name?index_of('Unnamed') &gt; -1>
        <#return p.artifactId + " (" + p.groupId + ":" + p.artifactId + ":" + p.version + " - " + (p.url!"no url defined") + ")">
    <#else>
        <#return p.name + " (" + p.groupId + ":" + p.artifactId + ":" + p.version + " - " + (p.url!"no url defined") + ")">
    </#if>
</#function>

Lists of ${dependencyMap?size + 1} third-party dependencies.
    <#list dependencyMap as e>
        <#assign project = e.getKey()/>
        <#assign licenses = e.getValue()/>
    ${licenseFormat(licenses)} ${artifactFormat(project)}
    </#list>
     (BSD-3-Clause) ASM (org.ow2.asm:asm:@asm.version@ - https://asm.ow2.io/), inside typedjson-serde's jar, relocated as io.typedjson.internal.asm (license: asm/LICENSE)
